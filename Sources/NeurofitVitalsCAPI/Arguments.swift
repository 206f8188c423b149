import CNeurofitVitals
import Glibc
import NeurofitVitals

/// Checks and converts C arguments; every failure is an `invalidArgument` naming the parameter.
enum Arguments {
    /// A required, non-empty, NUL-terminated UTF-8 string of at most `NFV_MAX_STRING_LENGTH` bytes.
    static func string(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(VitalsError) -> String {
        guard let value = try optionalString(pointer, name) else {
            throw .invalidArgument("\(name) must not be NULL or empty")
        }
        return value
    }

    /// Like `string`, but NULL and "" mean "not given" (nil).
    static func optionalString(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(VitalsError) -> String? {
        guard let pointer else { return nil }
        let length = strnlen(pointer, Int(NFV_MAX_STRING_LENGTH) + 1)
        guard length <= Int(NFV_MAX_STRING_LENGTH) else {
            throw .invalidArgument("\(name) is longer than \(NFV_MAX_STRING_LENGTH) bytes")
        }
        guard length > 0 else { return nil }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .invalidArgument("\(name) is not valid UTF-8")
        }
        return text
    }

    /// A required `char **` output, set to NULL before any work so a failed call never leaves garbage in it.
    static func stringOutput(_ pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ name: String)
        throws(VitalsError) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        guard let pointer else { throw .invalidArgument("\(name) must not be NULL") }
        pointer.pointee = nil
        return pointer
    }
}

/// Hands a Swift string to C as a fresh `malloc` copy the host releases with `nfv_string_free`.
func newCString(_ text: String) throws(VitalsError) -> UnsafeMutablePointer<CChar> {
    guard let copy = strdup(text) else { throw .internalError("out of memory") }
    return copy
}
