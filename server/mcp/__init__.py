"""The MCP server (DESIGN §7): Streamable HTTP endpoints under /mcp/, tools filtered by the caller's entitlements.

bridge.py serves the SDK's session managers through Tornado; runtime.py builds the SDK servers; tools.py is the
dispatcher every tool goes through (validation, cursors, split mode); the *_tools modules are the catalog.
"""
