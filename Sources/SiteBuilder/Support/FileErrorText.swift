import Foundation

/// A file-system error in words ("no such file", "permission denied"), without the
/// Foundation domain and code noise.
public func fileErrorText(_ error: Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(underlying.code))).lowercased()
    }
    if nsError.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(nsError.code))).lowercased()
    }
    switch nsError.code {
    case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file or folder"
    case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
    case NSFileReadCorruptFileError, NSFileReadInapplicableStringEncodingError: return "not valid UTF-8 text"
    case NSFileWriteOutOfSpaceError: return "no space left on device"
    case NSFileWriteVolumeReadOnlyError: return "read-only file system"
    default: return nsError.localizedDescription
    }
}
