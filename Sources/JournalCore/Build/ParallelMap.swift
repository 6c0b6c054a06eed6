import Dispatch

/// `map` across all cores, results in input order. For work that shares nothing mutable.
enum ParallelMap {
    static func map<Input: Sendable, Output>(_ inputs: [Input], parallel: Bool = true, _ transform: @Sendable (Input) -> Output) -> [Output] {
        guard parallel, inputs.count > 1 else { return inputs.map(transform) }
        let results = UnsafeMutableBufferPointer<Output?>.allocate(capacity: inputs.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let slots = SendableBuffer(buffer: results)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            slots.buffer[index] = transform(inputs[index])
        }
        return results.map { $0! }
    }

    /// Each iteration writes only its own slot, so sharing the buffer is safe.
    private struct SendableBuffer<Element>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Element>
    }
}
