"""The survey loop: decide every deal not yet in the store, in parallel, saving each at once.

Engines: "local" (the standard library's ProcessPoolExecutor, the default) and "ray" (a Ray
cluster; imported only when asked for). Either way the main process alone writes to SQLite,
one commit per deal, so kill -9 loses at most the deals being decided at that moment.
Only a bounded number of deals is in flight, so a survey of 10^6 deals does not queue 10^6
futures, and Ctrl-C has little to cancel. The pools, the package metadata and subprocess
are imported when a survey runs: commands that only name the engines (`frog --help`) or read
a store (`frog report`) start without them.
"""
from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from pathlib import Path

from solver.survey.blind_work import BlindJob, BlindRow, play_number
from solver.survey.store import Store
from solver.survey.work import Job, Row, decide_number

ENGINES = ("local", "ray")


class EngineError(Exception):
    """The engine cannot run (Ray not installed, no cluster at the address)."""


def solver_version() -> str:
    """The package version plus the git commit when run from a checkout ("0.1.0+abc1234"),
    so a stored row says which code decided it."""
    import subprocess
    from importlib import metadata

    try:
        version = metadata.version("frog-solver")
    except metadata.PackageNotFoundError:
        version = "unknown"
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, timeout=5, cwd=Path(__file__).parent).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = ""
    return f"{version}+{commit}" if commit else version


def unit_of(job: Job | BlindJob) -> Callable:
    """What a worker runs for one deal of the job: decide it (open play) or play it blind."""
    return play_number if isinstance(job, BlindJob) else decide_number


def _worker_start() -> None:
    """Workers ignore Ctrl-C: the main process decides what to stop, and a worker's search
    must not turn the signal into an 'interrupted' row. SIGTERM, with which the main process
    stops them, ends them at once, whatever handler they inherited from it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def local_results(job: Job | BlindJob, deals: list[int], jobs: int
                  ) -> Iterator[Row | BlindRow]:
    """Rows in completion order from a process pool of `jobs` workers. On Ctrl-C the workers
    are terminated at once: a half-searched deal has no result worth waiting for."""
    import concurrent.futures as cf
    import multiprocessing

    in_flight = 2 * jobs
    others = set(multiprocessing.active_children())
    with cf.ProcessPoolExecutor(max_workers=jobs, initializer=_worker_start) as pool:
        running = set()
        try:
            for number in deals:
                running.add(pool.submit(unit_of(job), job, number))
                if len(running) >= in_flight:
                    finished, running = cf.wait(running, return_when=cf.FIRST_COMPLETED)
                    yield from (future.result() for future in finished)
            for future in cf.as_completed(running):
                yield future.result()
        except BaseException:
            # workers first: with them gone the pool's manager thread ends at once, and the
            # waiting shutdown joins it, so that it cannot race the interpreter's exit (a
            # pool shut down without waiting leaves the thread running, and Python 3.11's
            # exit hook may then write to the wake-up pipe the thread is closing)
            for worker in set(multiprocessing.active_children()) - others:
                worker.terminate()
            pool.shutdown(wait=True, cancel_futures=True)
            raise


def ray_results(job: Job | BlindJob, deals: list[int], jobs: int, address: str | None
                ) -> Iterator[Row | BlindRow]:
    """Rows in completion order from Ray tasks; at most 2 x `jobs` tasks are in flight
    (`jobs` 0: the cluster's CPU count)."""
    try:
        import ray
    except ImportError:
        raise EngineError("the ray engine needs Ray: pip install 'frog-solver[ray]'") from None
    if not ray.is_initialized():
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise EngineError(f"cannot reach a Ray cluster at '{address}': {exc}") from None
    remote = ray.remote(num_cpus=1)(unit_of(job))
    job_ref = ray.put(job)
    in_flight = 2 * (jobs or int(ray.cluster_resources().get("CPU", 1)))
    running: list = []
    try:
        for number in deals:
            running.append(remote.remote(job_ref, number))
            if len(running) >= in_flight:
                finished, running = ray.wait(running, num_returns=1)
                yield from ray.get(finished)
        while running:
            finished, running = ray.wait(running, num_returns=1)
            yield from ray.get(finished)
    finally:
        for ref in running:
            ray.cancel(ref, force=True)


def run_survey(store: Store, job: Job | BlindJob, deals: list[int], jobs: int,
               engine: str = "local", address: str | None = None,
               on_row: Callable[[Row | BlindRow], None] | None = None) -> int:
    """Decide `deals` (the caller has already removed the done ones), or play them blind for
    a `BlindJob`, saving each row as it arrives; returns how many were saved. KeyboardInterrupt propagates after the pool stops,
    with every row reported so far committed."""
    if engine == "local":
        rows = local_results(job, deals, jobs)
    elif engine == "ray":
        rows = ray_results(job, deals, jobs, address)
    else:
        raise EngineError(f"unknown engine '{engine}' (choose from {', '.join(ENGINES)})")
    version = solver_version()
    rules = job.rules.parameters()
    saved = 0
    try:
        for row in rows:
            if isinstance(row, BlindRow):
                store.save_blind(row, version, rules)
            elif row.reason == "interrupted":
                continue  # a Ray task stopped by its node is not a result; a rerun redoes it
            else:
                store.save(row, version, job.limits, rules)
            saved += 1
            if on_row:
                on_row(row)
    finally:
        rows.close()  # on Ctrl-C here, stop the workers now, not when garbage is collected
    return saved
