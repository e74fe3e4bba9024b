public enum CountingPlaceholder {}
