// SitegenCorpus: deterministic synthetic sites for tests and benchmarks.
