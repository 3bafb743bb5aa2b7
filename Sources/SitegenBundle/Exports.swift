// An app imports SitegenBundle alone: the manifest, the resolver and the reply stream.
@_exported import SitegenBundleCore
