"""Demo card base bundled with the package (YAML files only; a package so it ships as package data)."""
