import NeurofitVitals

/// Maps the opaque `nfv_session *` values hosts hold to sessions. A handle is a never-reused number disguised as
/// a pointer, so a stale, forged or foreign handle is found missing (`invalidArgument`) instead of dereferenced.
final class HandleTable<Object: Sendable>: Sendable {
    private let objects = ForkSafeMutex<(next: UInt, byHandle: [UInt: Object])>((1, [:]))
    private let kind: String

    init(kind: String) {
        self.kind = kind
    }

    /// Registers `object` and returns its new handle.
    func insert(_ object: Object) -> OpaquePointer {
        let handle = objects.withLock { table -> UInt in
            let handle = table.next << 4 | 0x8
            table.next += 1
            table.byHandle[handle] = object
            return handle
        }
        return OpaquePointer(bitPattern: handle)!
    }

    /// The object of `handle`.
    /// - Throws: `invalidArgument` for NULL or a handle that is not (or no longer) registered.
    func object(_ handle: OpaquePointer?) throws(VitalsError) -> Object {
        guard let handle else { throw .invalidArgument("\(kind) must not be NULL") }
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
        guard let object = objects.withLock({ $0.byHandle[key] }) else {
            throw .invalidArgument("\(kind) is not a live handle (destroyed, or not from this library)")
        }
        return object
    }

    /// Unregisters `handle`, returning its object (nil when it was not registered).
    func remove(_ handle: OpaquePointer?) -> Object? {
        guard let handle else { return nil }
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
        return objects.withLock { $0.byHandle.removeValue(forKey: key) }
    }
}

/// Every live session handle.
let sessions = HandleTable<SessionLifecycle>(kind: "session")
