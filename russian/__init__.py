"""Russian-language helpers that every room (cli, lint, reports, grid, server) may use."""
