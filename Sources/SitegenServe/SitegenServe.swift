// SitegenServe: loopback HTTP preview through SchemeResolver (see Site/serving.md).
