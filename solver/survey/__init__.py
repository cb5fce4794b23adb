"""Benchmarks and surveys: many deals decided in a row, their results stored and summarised.

One module per job: `deal_sets` (the fixed benchmark deal numbers), `work` (deciding one
numbered deal into a plain row, the unit a worker process or a Ray task runs), `store` (the
SQLite survey store that survives kill -9), `runner` (the survey loop over process pools or
Ray), `bench` (timing runs and their comparison), `stats` (Wilson intervals and the report),
`plots` (matplotlib figures, optional).
"""
