// SitegenMirror: importing a web-server site into a bundle (see Site/mirror.md).
