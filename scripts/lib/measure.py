#!/usr/bin/env python3
"""Runs one command and prints what it cost, for the scripts/bench-* benchmarks.

  measure.py [--out FILE] [--err FILE] [--deadline S] -- CMD ARGS...   one-shot: time to exit (killed, and
                                                              reported as wall=NA code=-9, after S seconds)
  measure.py --prompt REGEX [--timeout S] -- CMD ARGS...      REPL: time until REGEX appears on a terminal (a pty,
                                                              as a person would see it), then Ctrl-D
Prints one line: "wall=SECONDS cpu=SECONDS rss_kb=KB code=N" (cpu = user + system of the whole process life,
rss_kb = peak resident set size of the process, as wait4 reports it). Standard library only.
"""
import argparse
import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time


def one_shot(cmd, out, err, deadline=None):
    t0 = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        os.dup2(os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
        os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 2)
        try:
            os.execvp(cmd[0], cmd)
        finally:
            os._exit(127)
    if deadline is None:
        _, status, usage = os.wait4(pid, 0)
        return time.monotonic() - t0, status, usage
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done == pid:
            return time.monotonic() - t0, status, usage
        if time.monotonic() - t0 > deadline:
            os.kill(pid, signal.SIGKILL)
            _, status, usage = os.wait4(pid, 0)
            sys.stderr.write("measure: no exit within %ss: killed\n" % deadline)
            return None, status, usage
        time.sleep(0.05)


def to_prompt(cmd, prompt, timeout):
    pattern = re.compile(prompt.encode())
    t0 = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.setdefault("TERM", "xterm-256color")
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 160, 0, 0))  # a real terminal has a size
        try:
            os.execvp(cmd[0], cmd)
        finally:
            os._exit(127)
    seen = b""
    wall = None
    deadline = t0 + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
        # JLine may ask the terminal where the cursor is: answer like a terminal would, row 1 col 1.
        if b"\x1b[6n" in chunk:
            os.write(fd, b"\x1b[1;1R")
        if pattern.search(seen):
            wall = time.monotonic() - t0
            break
    if wall is None:
        os.kill(pid, signal.SIGKILL)
        _, status, usage = os.wait4(pid, 0)
        sys.stderr.write("measure: no prompt within %ss; the terminal showed:\n%s\n" % (timeout, seen.decode(errors="replace")[-2000:]))
        return None, status, usage
    os.write(fd, b"\x04")  # Ctrl-D: leave the REPL
    end = time.monotonic() + 20
    while time.monotonic() < end:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        try:
            if select.select([fd], [], [], 0.05)[0]:
                os.read(fd, 65536)
        except OSError:
            time.sleep(0.05)
    else:
        os.kill(pid, signal.SIGKILL)
        _, status, usage = os.wait4(pid, 0)
    os.close(fd)
    return wall, status, usage


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--prompt")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--out", default=os.devnull)
    ap.add_argument("--err", default=os.devnull)
    ap.add_argument("--deadline", type=float, default=None)
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
    if a.prompt:
        wall, status, usage = to_prompt(cmd, a.prompt, a.timeout)
    else:
        wall, status, usage = one_shot(cmd, a.out, a.err, a.deadline)
    code = os.waitstatus_to_exitcode(status)
    print("wall=%s cpu=%.3f rss_kb=%d code=%d" % ("NA" if wall is None else "%.3f" % wall,
          usage.ru_utime + usage.ru_stime, usage.ru_maxrss, code))
    return 0 if wall is not None else 1


if __name__ == "__main__":
    sys.exit(main())
