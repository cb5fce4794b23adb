"""Benchmarks and surveys: many deals decided in a row, their results stored and summarised.

One module per job: `deal_sets` (the fixed benchmark deal numbers), `work` (deciding one
numbered deal into a plain row, the unit a worker process or a Ray task runs), `store` (the
SQLite survey store that survives kill -9), `runner` (the survey loop over process pools or
Ray), `bench` (timing runs and their comparison), `stats` (Wilson intervals), `report` (the
report document of a store), `provenance` (the header of a benchmark result),
`plots` (matplotlib figures, optional), `csv_rows` (a store as CSV text and back). Callers
outside the package import from here.
"""
from solver.survey.bench import BENCH_FORMAT, bench_document, compare, run_bench
from solver.survey.csv_rows import CsvError, load_rows, open_results, write_rows
from solver.survey.deal_sets import DealSetError, default_sets_path, load_sets
from solver.survey.plots import PlotsUnavailable, write_plots
from solver.survey.provenance import print_provenance, provenance
from solver.survey.report import report_document
from solver.survey.runner import ENGINES, EngineError, run_survey, solver_version
from solver.survey.stats import crosstab, summarise
from solver.survey.store import Store, StoreError, parse_deal_ranges
from solver.survey.work import (RETRY_SEQUENCE, Job, Row, asked_method, label, next_sequence,
                                rules_for)

__all__ = ["BENCH_FORMAT", "ENGINES", "CsvError", "DealSetError", "EngineError", "Job",
           "PlotsUnavailable", "RETRY_SEQUENCE", "Row", "Store", "StoreError", "asked_method",
           "bench_document", "compare", "crosstab", "default_sets_path", "label", "load_rows",
           "load_sets", "next_sequence", "open_results", "parse_deal_ranges", "print_provenance",
           "provenance", "report_document", "rules_for", "run_bench", "run_survey",
           "solver_version", "summarise", "write_plots", "write_rows"]
