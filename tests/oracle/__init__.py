"""Test tools that are not product code: independent oracles for the reader."""
