// SitegenBundle: see ../../README.md and DESIGN in Site/architecture.md.
