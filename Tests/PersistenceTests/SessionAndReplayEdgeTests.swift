import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Files at their edges, through the real executable: impossible counts, huge times and
/// speeds in a replay, a full disk at quit, oversized or BOM-prefixed session files, and the
/// temporary files a killed save leaves.
@Suite struct SessionAndReplayEdgeTests {
  /// Logs in and lets Blob win one game, saved in `game`.
  private static let blobWinsOnce = """
    printf '%s\\n' 'email blob@pointfree.co' 'password password' login 'x Blob' 'o Blub' play \
      '1 1' '2 1' '1 2' '2 2' '1 3' | $T --frontend text --auth-delay 0 --session game > /dev/null
    """

  @Test func aSessionWithAnImpossibleCountIsMovedAsideAndNeverTraps() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      Self.blobWinsOnce + """

        # The last save, in the format before the log (no checksum to redo after the edit).
        tail -n 1 game | cut -d ' ' -f 2- > plain && mv plain game
        sed -i 's/"Blob":[0-9]*/"Blob":9223372036854775807/' game
        cp game impossible
        printf '%s\\n' again '1 1' '2 1' '1 2' '2 2' '1 3' \
          | $T --frontend text --session game > /dev/null; echo "restart=$?"
        cmp -s impossible game.bad-1 && echo "kept aside"
        """, in: directory)
    #expect(result.standardOutput.contains("restart=0"), "\(result)")
    #expect(result.standardOutput.contains("kept aside"), "\(result)")
    #expect(
      result.standardError.contains("must be a whole number of games, 0 to 1000000000"),
      "\(result.standardError)")
  }

  @Test func aReplayFromAnImpossibleCountStopsWithStatusEight() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      Self.blobWinsOnce + """

        printf '%s\\n' again '1 1' '2 1' '1 2' '2 2' '1 3' \
          | $T --frontend text --session game --record log > /dev/null
        sed -i 's/"Blob":[0-9]*/"Blob":9223372036854775807/g' log
        $T replay log --frontend text < /dev/null > /dev/null; echo "replay=$?"
        """, in: directory)
    #expect(result.standardOutput.contains("replay=8"), "\(result)")
    #expect(result.standardError.contains("log:1:"), "\(result.standardError)")
    #expect(result.standardError.contains("whole number of games"), "\(result.standardError)")
  }

  @Test func aSpeedOutOfRangeIsAUsageErrorAndAHugeTimeWaitsAtMostAnHour() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      """
      printf '%s\\n' 'email a@b.c' 'email late@b.c' | $T --frontend text --record log > /dev/null
      $T replay log --speed 1e-20 < /dev/null; echo "tiny=$?"
      sed -i '3s/"ms":[0-9]*/"ms":9223372036854775807/' log
      mkfifo hold
      $T replay log --speed 0.5 --frontend text < hold > out & pid=$!
      exec 3> hold
      # The first line is replayed; the second waits (an hour at most).
      until grep -q 'a@b.c' out || ! kill -0 $pid 2> /dev/null; do :; done
      kill -TERM $pid; wait $pid; echo "waiting=$?"
      grep -c 'late@b.c' out
      """, in: directory)
    #expect(result.standardOutput.contains("tiny=2"), "\(result)")
    #expect(result.standardError.contains("--speed takes a number from 0.001 to 1000"))
    #expect(result.standardOutput.contains("waiting=143"), "\(result)")
    #expect(result.standardOutput.hasSuffix("\n0\n"), "the second line came early: \(result)")
  }

  @Test(.enabled(if: geteuid() == 0, "mounts a small tmpfs to fill: needs root"))
  func aSaveThatFailedIsRetriedAtQuitAndAFailedOneEndsWithStatusEleven() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      """
      mkdir disk && mount -t tmpfs -o size=64k tmpfs disk || exit 99
      trap 'umount disk' EXIT
      dd if=/dev/zero of=disk/filler bs=4k 2> /dev/null
      mkfifo in
      $T --frontend text --auth-delay 0 --session disk/game < in > out 2> err & pid=$!
      exec 3> in
      until grep -q 'not saved' err || ! kill -0 $pid 2> /dev/null; do :; done
      echo 'email late@b.c' >&3
      # Shown, so its save was tried (and failed: the disk is still full).
      until grep -q 'late@b.c' out || ! kill -0 $pid 2> /dev/null; do :; done
      rm disk/filler
      exec 3>&-
      wait $pid; echo "space back=$?"
      cat disk/game; echo
      dd if=/dev/zero of=disk/filler bs=4k 2> /dev/null
      printf '%s\\n' 'email never@b.c' | $T --frontend text --session disk/game > /dev/null
      echo "still full=$?"
      cat disk/game; echo
      """, in: directory)
    #expect(result.status == 0, "\(result)")
    #expect(result.standardOutput.contains("space back=0"), "\(result)")
    #expect(result.standardOutput.contains("still full=11"), "\(result)")
    #expect(result.standardOutput.contains(#""email":"late@b.c""#), "\(result)")
    #expect(!result.standardOutput.contains("never@b.c"), "\(result)")
    #expect(
      result.standardError.contains("the session is not saved")
        && result.standardError.contains("the file holds an older state"),
      "\(result.standardError)")
  }

  @Test func anOversizedSessionIsMovedAsideAndTheGameStartsFresh() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      """
      head -c 1100000 /dev/zero > game
      $T --frontend text --session game < /dev/null > /dev/null; echo "status=$?"
      stat -c %s game.bad-1
      """, in: directory)
    #expect(result.standardOutput.contains("status=0"), "\(result)")
    #expect(result.standardOutput.contains("1100000"), "\(result)")
    #expect(result.standardError.contains("kept as game.bad-1"), "\(result.standardError)")
  }

  @Test func aByteOrderMarkIsSkippedAndLeftTemporaryFilesAreRemoved() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      """
      printf 'email bom@b.c\\n' | $T --frontend text --auth-delay 0 --session game > /dev/null
      { printf '\\357\\273\\277'; cat game; } > edited && mv edited game
      echo left > game.tmp-4194000; echo mine > game.tmp-notapid
      $T --frontend text --session game < /dev/null | grep -c 'bom@b.c'
      ls
      """, in: directory)
    #expect(result.status == 0, "\(result)")
    #expect(result.standardOutput.hasPrefix("1\n"), "the email was not restored: \(result)")
    #expect(!result.standardOutput.contains("game.bad-1"), "\(result)")
    #expect(!result.standardOutput.contains("game.tmp-4194000"), "\(result)")
    #expect(result.standardOutput.contains("game.tmp-notapid"), "\(result)")
  }

  @Test func twoHostsStartedTogetherOnAStaleSocketListenOnceTheOtherExitsNine() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A socket whose process is gone: bound, then closed without removing it. Each round
    // leaves another: its listening host is killed.
    let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) {
      $0.copyBytes(from: (directory.path + "/s.sock").utf8)
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    close(stale)
    try #require(bound == 0)
    let result = try await Fixtures.bash(
      """
      said='tictactoe: listening on\\|tictactoe: cannot listen'
      for i in $(seq 20); do
        mkfifo in1 in2
        $T --frontend jsonl --listen s.sock < in1 > /dev/null 2> e1 & p1=$!
        $T --frontend jsonl --listen s.sock < in2 > /dev/null 2> e2 & p2=$!
        exec 3> in1 4> in2
        until grep -q "$said" e1 2> /dev/null || ! kill -0 $p1 2> /dev/null; do :; done
        until grep -q "$said" e2 2> /dev/null || ! kill -0 $p2 2> /dev/null; do :; done
        listening=$(cat e1 e2 | grep -c 'tictactoe: listening on')
        if grep -q 'tictactoe: listening on' e1; then won=$p1 lost=$p2; else won=$p2 lost=$p1; fi
        kill -KILL $won; wait $won
        exec 3>&- 4>&-
        wait $lost; status=$?
        echo "listening=$listening other=$status"
        rm -f in1 in2 e1 e2
      done | sort | uniq -c
      """, in: directory)
    #expect(
      result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        == "20 listening=1 other=9", "\(result)")
  }
}
