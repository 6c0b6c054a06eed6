import Dispatch

/// `map` across all cores, results in input order. For work that shares nothing mutable.
enum ParallelMap {
    static func map<Input: Sendable, Output>(_ inputs: [Input], parallel: Bool = true, _ transform: @Sendable (Input) -> Output) -> [Output] {
        guard parallel, inputs.count > 1 else { return inputs.map(transform) }
        let results = UnsafeMutableBufferPointer<Output?>.allocate(capacity: inputs.count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        let slots = SendableBuffer(buffer: results)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            slots.buffer[index] = transform(inputs[index])
        }
        // Every slot was written above.
        return results.compactMap { $0 }
    }

    /// Two pieces of work at once; one after the other when not `parallel`.
    static func both<A, B>(parallel: Bool = true, _ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
        guard parallel else { return (first(), second()) }
        let a = UnsafeMutableBufferPointer<A?>.allocate(capacity: 1)
        let b = UnsafeMutableBufferPointer<B?>.allocate(capacity: 1)
        a.initialize(repeating: nil)
        b.initialize(repeating: nil)
        defer {
            a.deinitialize()
            a.deallocate()
            b.deinitialize()
            b.deallocate()
        }
        let slotA = SendableBuffer(buffer: a)
        let slotB = SendableBuffer(buffer: b)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 { slotA.buffer[0] = first() } else { slotB.buffer[0] = second() }
        }
        guard let resultA = a[0], let resultB = b[0] else { return (first(), second()) }
        return (resultA, resultB)
    }

    /// Each iteration writes only its own slot, so sharing the buffer is safe.
    private struct SendableBuffer<Element>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Element>
    }
}
