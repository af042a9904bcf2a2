"""Batch workers: POST /v1/normalize/batch normalized in worker processes, split across them.

A batch of 500 first-seen products is ~20 ms of engine work. Run in the server's process, it holds the event
loop that long (every read waits behind it) and uses one of the machine's cores. Here each worker process holds
the served generation's normalizer (its brand catalog and identity index) and takes every n-th product of the
body (server/batch.normalize_part); the server waits without blocking and puts the parts back in input order.
Each worker reads the whole body itself (~2-4 ms, in parallel), which costs less than the server splitting it
and sending the halves.

The pool is an accelerator, never the only way: whenever it cannot answer (its workers are still loading the
generation being served, one died, it is closed), the request is normalized in the server's process as it was
before, with the same code. A worker that dies is replaced. Workers run at the server's priority (file-job
workers run in the idle class, so a batch never waits behind a file).
"""

import contextlib
import logging
import multiprocessing
import pickle
import queue
import threading
import traceback
from asyncio import AbstractEventLoop, Future, get_running_loop, wrap_future
from concurrent.futures import Future as ThreadFuture
from typing import Any

from server.batch import BatchPart, normalize_part
from server.errors import ApiError

log = logging.getLogger("menudex.batch")

Generation = tuple[str, str | None, str]  # (snapshot dir, brand catalog file or None, snapshot version)


def generation_of(loaded: Any) -> Generation | None:
    """What a worker loads to normalize as ``loaded`` does; None for a generation built in memory (no files)."""
    if loaded.source is None:
        return None
    snapshot_dir, brands_path = loaded.source
    return (snapshot_dir, brands_path, loaded.version)


class BatchPool:
    """``workers`` processes normalizing parts of batches; ``run`` answers a body, or None: do it in-process."""

    def __init__(self, workers: int) -> None:
        self.size = workers
        self._context = multiprocessing.get_context("spawn")  # the server has threads and a loop: no fork
        self._workers: list[_Worker] = []
        self._closed = False
        self.answered = 0  # batches the workers answered (the others went to the server's process)

    def start(self, generation: Generation | None) -> "BatchPool":
        """Start the workers, loading ``generation`` in each (off the caller's thread)."""
        self._workers = [_Worker(self._context, number) for number in range(self.size)]
        if generation is not None:
            self.prepare(generation)
        return self

    def prepare(self, generation: Generation) -> None:
        """Have every worker load ``generation`` (no-op for one that has or is about to)."""
        for worker in self._workers:
            worker.want(generation)

    def prepare_for(self, loaded: Any) -> None:
        """Have the workers load the generation ``loaded`` came from (one built in memory they cannot)."""
        generation = generation_of(loaded)
        if generation is not None and not self._closed:
            self.prepare(generation)

    def ready(self, generation: Generation | None) -> bool:
        return (
            not self._closed
            and generation is not None
            and bool(self._workers)
            and all(worker.loaded == generation for worker in self._workers)
        )

    async def run(self, body: bytes, generation: Generation | None) -> list[BatchPart] | None:
        """The parts of ``body`` normalized by the workers with ``generation``; None when they cannot (not ready:
        they start loading it), and the caller normalizes in its own process. ApiError for a body to refuse."""
        if generation is None or self._closed:
            return None
        if not self.ready(generation):
            self.prepare(generation)
            return None
        loop = get_running_loop()
        parts = len(self._workers)
        replies = [worker.submit(loop, (generation, body, part, parts)) for part, worker in enumerate(self._workers)]
        found = [await reply for reply in replies]
        if any(reply is None for reply in found):
            return None  # a worker died or moved on to another generation: the caller does it in-process
        results: list[BatchPart] = []
        for kind, value in found:
            if kind == "error":
                status, detail, extra = value
                raise ApiError(status, detail, **extra)
            if kind != "part":
                log.error("batch worker failed; normalizing in the server instead:\n%s", value)
                return None
            results.append(value)
        self.answered += 1
        return results

    def pids(self) -> list[int | None]:
        """The workers' process ids (None: not started, or died and not yet replaced)."""
        return [worker.pid for worker in self._workers]

    def close(self) -> None:
        self._closed = True
        for worker in self._workers:
            worker.stop()


class _Worker:
    """One worker process and the thread in the server that talks to it over a pipe, one message at a time."""

    def __init__(self, context: Any, number: int) -> None:
        self.number = number
        self._context = context
        self._tasks: queue.SimpleQueue = queue.SimpleQueue()
        self.loaded: Generation | None = None  # what the process has loaded (set by the thread)
        self._wanted: Generation | None = None
        self._process: Any = None
        self._connection: Any = None
        self._thread = threading.Thread(target=self._serve, name=f"batch-worker-{number}", daemon=True)
        self._thread.start()

    @property
    def pid(self) -> int | None:
        process = self._process
        return process.pid if process is not None and process.is_alive() else None

    def want(self, generation: Generation) -> None:
        if self._wanted != generation:
            self._wanted = generation
            self._tasks.put(("load", generation, None))

    def submit(self, loop: AbstractEventLoop, task: tuple) -> Future:
        reply: ThreadFuture = ThreadFuture()
        self._tasks.put(("part", task, reply))
        return wrap_future(reply, loop=loop)

    def stop(self) -> None:
        self._tasks.put(("stop", None, None))

    # --- the thread ------------------------------------------------------------------------------------------

    def _serve(self) -> None:
        while True:
            kind, payload, reply = self._tasks.get()
            if kind == "stop":
                self._end()
                return
            if kind == "load":
                if payload == self._wanted:  # (not one a later load replaced)
                    self._load(payload)
            elif payload[0] != self.loaded or not self._process.is_alive():
                reply.set_result(None)  # it holds no generation, or not this one (a reload came), or it died
                if self.loaded is not None and not self._process.is_alive():
                    self._restart()
            else:
                answer = self._ask(("part", payload))
                reply.set_result(answer)
                if answer is None:
                    self._restart()

    def _restart(self) -> None:
        """A new process in place of one that died, given the generation the server wants."""
        self._end()
        if self._wanted is not None:
            self._tasks.put(("load", self._wanted, None))

    def _load(self, generation: Generation) -> None:
        self.loaded = None
        answer = self._ask(("load", generation)) or self._ask(("load", generation))  # once more in a new process
        if answer == ("loaded", generation):
            self.loaded = generation
        else:
            log.error("batch worker %d cannot load %s: %s", self.number, generation, answer)

    def _ask(self, message: tuple) -> Any:
        """Send one message and wait for the answer; None when the process died (the next message starts
        another) or could not start."""
        try:
            if self._process is None or not self._process.is_alive():
                self._spawn()
            self._connection.send_bytes(pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL))
            return pickle.loads(self._connection.recv_bytes())
        except Exception:  # EOFError, OSError: it died on this message; anything else: it could not start
            log.exception("batch worker %d failed; the server normalizes in its own process meanwhile", self.number)
            self._end()
            return None

    def _spawn(self) -> None:
        self.loaded = None
        ours, theirs = self._context.Pipe()
        self._process = self._context.Process(
            target=worker_main, args=(theirs,), name=f"menudex-batch-{self.number}", daemon=True
        )
        self._process.start()
        theirs.close()
        self._connection = ours

    def _end(self) -> None:
        self.loaded = None
        if self._connection is not None:
            with contextlib.suppress(OSError):
                self._connection.send_bytes(pickle.dumps(("stop", None)))
            self._connection.close()
            self._connection = None
        if self._process is not None:
            self._process.join(2)
            if self._process.is_alive():
                self._process.kill()
                self._process.join()
            self._process = None


# --- the worker process --------------------------------------------------------------------------------------------


def worker_main(connection: Any) -> None:
    """A batch worker: load generations and normalize parts of bodies until told to stop or the server is gone."""
    import signal

    from server.gcpause import collections_paused
    from server.malloc import fix_malloc_thresholds

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the server ends its workers
    fix_malloc_thresholds()
    normalizer: Any = None
    while True:
        try:
            kind, payload = pickle.loads(connection.recv_bytes())
        except (EOFError, OSError):
            return  # the server closed the pipe or died
        if kind == "stop":
            return
        if kind == "load":
            normalizer = None  # let the old generation go before the new one loads
            try:
                normalizer, answer = _load(payload)
            except Exception as exc:  # the server logs it and goes on normalizing in its own process
                answer = ("failed", f"{type(exc).__name__}: {exc}")
        else:
            _, body, part, parts = payload
            try:
                with collections_paused():
                    answer = ("part", normalize_part(normalizer, body, part, parts))
            except ApiError as exc:
                answer = ("error", (exc.status, exc.detail, exc.extra))
            except Exception:  # the server normalizes the body itself, and fails as it would have
                answer = ("failed", traceback.format_exc())
        connection.send_bytes(pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL))


def _load(generation: Generation) -> tuple[Any, tuple]:
    import gc

    from server.holder import load_generation

    snapshot_dir, brands_path, version = generation
    loaded = load_generation(snapshot_dir, brands_path)
    if loaded.version != version:  # the directory holds another snapshot than the one served: not this one
        return None, ("failed", f"{snapshot_dir} now holds snapshot {loaded.version}, not {version}")
    normalizer = loaded.normalizer
    del loaded  # the read indexes are not needed here
    gc.collect()
    gc.freeze()  # the catalogs live as long as the generation: no collection need walk them
    return normalizer, ("loaded", generation)
