public enum ValueTransformersPlaceholder {}
