import Glibc
import Testing
@testable import SystemIO

@Suite("Resize notice")
struct ResizeNoticeTests {
    /// The key loop polls the terminal and the notice's pipe: a resize delivered to
    /// another thread (the pictures' thread, say) must still wake it at once, not at
    /// the poll's timeout.
    @Test func aResizeTakenByAnotherThreadWakesAPollOnThePipe() {
        ResizeNotice.install()
        defer { ResizeNotice.uninstall() }
        _ = ResizeNotice.take()
        DetachedThread.start {
            // (Threads made by a test inherit the test pool's blocked signals.)
            var resize = sigset_t()
            sigemptyset(&resize)
            sigaddset(&resize, SIGWINCH)
            pthread_sigmask(SIG_UNBLOCK, &resize, nil)
            _ = pthread_kill(pthread_self(), SIGWINCH)
        }
        var watched = pollfd(fd: ResizeNotice.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&watched, 1, 10_000) == 1)
        #expect(ResizeNotice.take())
        #expect(!ResizeNotice.take())
        // Taken, the pipe is empty: the next poll sleeps again.
        watched.revents = 0
        #expect(poll(&watched, 1, 0) == 0)
    }
}
