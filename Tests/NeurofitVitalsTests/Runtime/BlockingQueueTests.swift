@testable import NeurofitVitals
import Testing

@Suite struct BlockingQueueTests {
    /// Takes everything the queue holds, without waiting.
    private func drain(_ queue: BlockingQueue<Int>) -> [Int] {
        var taken: [Int] = []
        while case .element(let element) = queue.take(timeout: 0) { taken.append(element) }
        return taken
    }

    @Test func beyondItsLimitTheQueueDropsTheOldestLowestRankedElement() {
        let queue = BlockingQueue<Int>()
        // Rank: multiples of 10 may never go, odd numbers go first, other even numbers once no odd one is left.
        let rank: (Int) -> Int? = { $0 % 10 == 0 ? nil : ($0 % 2 == 1 ? 0 : 1) }
        var dropped: [Int] = []
        for element in [10, 2, 1, 3, 20, 4, 5, 30] {
            if let gone = queue.put(element, limit: 4, evicting: rank) { dropped.append(gone) }
        }
        #expect(dropped == [1, 3, 5, 2])
        #expect(drain(queue) == [10, 20, 4, 30])
    }

    @Test func elementsThatMayNeverGoStayBeyondTheLimit() {
        let queue = BlockingQueue<Int>()
        for element in 0..<6 { #expect(queue.put(element * 10, limit: 2, evicting: { _ in nil }) == nil) }
        #expect(drain(queue) == [0, 10, 20, 30, 40, 50])
    }

    @Test func aClosedQueueRefusesBoundedPutsButHandsOutWhatItHeld() {
        let queue = BlockingQueue<Int>()
        queue.put(1, limit: 1, evicting: { _ in 0 })
        queue.close()
        queue.put(2, limit: 1, evicting: { _ in 0 })
        #expect(drain(queue) == [1])
    }
}
