/// A source that can show the host what it sees: it offers preview frames to a mailbox once one is attached.
public protocol PreviewingSource: FrameSource {
    /// Offers this source's frames to `mailbox` from now on (nil: no previews, and no scaling cost).
    func attachPreview(_ mailbox: PreviewMailbox?)
}
