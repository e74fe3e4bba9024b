public enum DataSourcesPlaceholder {}
