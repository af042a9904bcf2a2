"""snapshots: the data a server answers from. Format (snapshot.db + arrays + manifest), builder, loader, queries,
and the seed data the product ships (brand catalog, licensed retailers). Knows nothing of HTTP."""
