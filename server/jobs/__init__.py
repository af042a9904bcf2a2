"""File upload jobs: the upload stream, job state and results in SQLite, and the worker processes.

    upload.py   streaming multipart/form-data receiver: writes the file part to disk as it arrives (no tornado)
    store.py    <data_dir>/jobs/jobs.db: the jobs table and the results, one row per chunk keyed (job, chunk index)
    worker.py   runs in a worker process: reads the file (server.records), normalizes it chunk by chunk
    manager.py  JobManager, in the server process: accepts uploads, schedules jobs on the process pool,
                resumes unfinished jobs on start, enforces the per-token limit, cleans up after the retention

A job goes queued -> processing -> completed | failed (or queued -> failed). Each chunk of rows is committed
together with the progress counters, so a restart resumes from the last committed chunk: no row is lost and
none is written twice (a chunk's key is its index).
"""
