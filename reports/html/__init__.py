"""The errata report as a static site: page model, diagrams, diffs, templates, assets."""
