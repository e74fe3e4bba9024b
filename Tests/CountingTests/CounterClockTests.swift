import Counting
import Testing

/// The seed's start / pause / resume / stop / reset, as counter.js plays them.
@Suite struct CounterClockTests {
    let counter = try! Counter(from: 0, to: 100, duration: 10, easing: .linear)

    @Test func showsTheFinalValueBeforeStarting() {
        let clock = CounterClock(counter)
        #expect(clock.state == .idle)
        #expect(clock.displayedValue(at: 0) == 100)
        #expect(!clock.isAnimating(at: 0))
    }

    @Test func runsFromTheStartTime() {
        var clock = CounterClock(counter)
        clock.start(at: 50)
        #expect(clock.state == .running)
        #expect(clock.displayedValue(at: 50) == 0)
        #expect(clock.displayedValue(at: 53) == 30)
        #expect(clock.isAnimating(at: 53))
    }

    @Test func finishesAtTheEnd() {
        var clock = CounterClock(counter)
        clock.start(at: 0)
        #expect(clock.displayedValue(at: 12) == 100)
        #expect(!clock.isAnimating(at: 12))
        clock.update(at: 12)
        #expect(clock.state == .finished)
        #expect(clock.displayedValue(at: 99) == 100)
    }

    @Test func pauseFreezesAndResumeContinues() {
        var clock = CounterClock(counter)
        clock.start(at: 0)
        clock.pause(at: 4)
        #expect(clock.state == .paused)
        #expect(clock.displayedValue(at: 4) == 40)
        #expect(clock.displayedValue(at: 400) == 40)
        clock.resume(at: 100)
        #expect(clock.displayedValue(at: 101) == 50)
        clock.pause(at: 102)
        clock.resume(at: 200)
        #expect(clock.elapsed(at: 203) == 9)
        #expect(clock.displayedValue(at: 205) == 100)
    }

    @Test func pauseAfterTheEndFinishes() {
        var clock = CounterClock(counter)
        clock.start(at: 0)
        clock.pause(at: 11)
        #expect(clock.state == .finished)
        #expect(clock.displayedValue(at: 11) == 100)
    }

    @Test func resumeAndPauseOutOfTurnDoNothing() {
        var clock = CounterClock(counter)
        clock.resume(at: 1)
        #expect(clock.state == .idle)
        clock.pause(at: 1)
        #expect(clock.state == .idle)
        clock.start(at: 0)
        clock.resume(at: 5)  // not paused: the start time stays
        #expect(clock.displayedValue(at: 5) == 50)
    }

    @Test func stopShowsTheFinalValueAtOnce() {
        var clock = CounterClock(counter)
        clock.start(at: 0)
        clock.stop()
        #expect(clock.state == .finished)
        #expect(clock.displayedValue(at: 1) == 100)
        clock.resume(at: 2)
        #expect(clock.state == .finished)
    }

    @Test func resetRewindsButShowsTheFinalValueUntilStarted() {
        var clock = CounterClock(counter)
        clock.start(at: 0)
        clock.pause(at: 5)
        clock.reset()
        #expect(clock.state == .idle)
        #expect(clock.elapsed(at: 6) == 0)
        #expect(clock.displayedValue(at: 6) == 100)
        clock.start(at: 10)
        #expect(clock.displayedValue(at: 11) == 10)
    }

    @Test func startRestartsARunningCounter() {
        var clock = CounterClock(counter)
        clock.start(at: 0)
        clock.start(at: 7)
        #expect(clock.displayedValue(at: 8) == 10)
    }

    @Test func zeroDurationFinishesOnStart() throws {
        var clock = CounterClock(try Counter(from: 0, to: 5, duration: 0))
        clock.start(at: 3)
        #expect(clock.state == .finished)
        #expect(clock.displayedValue(at: 3) == 5)
    }
}
