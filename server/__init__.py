"""server: the Tornado process. Routing, thin handlers, auth, the one error body, OpenAPI and docs files,
the MCP bridge, file jobs and the `menudex` CLI. Calls into snapshots and fastpath; never the other way."""
