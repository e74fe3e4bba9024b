public enum IntervalTextPlaceholder {}
