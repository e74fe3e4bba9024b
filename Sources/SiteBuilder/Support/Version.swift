public enum SiteBuilderVersion { public static let current = "0.1.0" }
