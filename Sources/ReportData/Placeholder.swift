public enum ReportDataPlaceholder {}
