import Foundation

/// What `work` returns, or nil when it has not returned within `seconds`: a test of something
/// that must not wait for ever fails instead of hanging the suite (the work is left running, on
/// a thread of its own, and nothing else touches what it captured).
func finishes<Value>(within seconds: Double, _ work: @escaping () -> Value) -> Value? {
    let run = DeadlineRun(work)
    Thread.detachNewThread { run.start() }
    return run.done.wait(timeout: .now() + seconds) == .success ? run.value : nil
}

/// One `finishes` call's work and result, handed to its thread.
private final class DeadlineRun<Value>: @unchecked Sendable {
    let work: () -> Value
    let done = DispatchSemaphore(value: 0)
    var value: Value?

    init(_ work: @escaping () -> Value) { self.work = work }

    func start() {
        value = work()
        done.signal()
    }
}
