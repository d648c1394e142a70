#!/usr/bin/env python3
"""Socket activation as systemd does it, for the fleet test: hold a listening socket and run
a server on it, restarting the server while the socket stays open.

    launcher.py --listen 127.0.0.1:8081 --pidfile run/1.pid -- consultancy-api --trusted-proxy 127.0.0.1

The launcher binds the address itself (like a .socket unit) and starts the command with the
socket as file descriptor 3 and LISTEN_FDS=1, LISTEN_PID=<the child's pid> (sd_listen_fds(3)).
Like systemd with Restart=on-failure it starts a new child when one dies, and like
`systemctl restart` it restarts the child on SIGHUP: SIGTERM, wait for it to finish what it
has in flight, start the next one. Between the two, connections wait in the socket's queue.
SIGTERM or SIGINT stops the child and the launcher. The current child's pid is written to
--pidfile whenever it changes.
"""

import argparse
import os
import signal
import socket
import subprocess
import sys
import time

LISTEN_FDS_START = 3


def parse():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--listen", required=True, help="host:port to bind")
    parser.add_argument("--pidfile", required=True)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if args.command[:1] == ["--"]:
        args.command = args.command[1:]
    if not args.command:
        parser.error("no command to run")
    return args


def bind(address):
    host, port = address.rsplit(":", 1)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host.strip("[]"), int(port)))
    sock.listen(4096)
    return sock


def start(command, sock, pidfile):
    fd = sock.fileno()

    def hand_over():
        # In the child, before exec: the socket becomes fd 3, and LISTEN_PID names the child.
        os.dup2(fd, LISTEN_FDS_START)
        os.set_inheritable(LISTEN_FDS_START, True)
        os.environ["LISTEN_FDS"] = "1"
        os.environ["LISTEN_PID"] = str(os.getpid())

    child = subprocess.Popen(command, preexec_fn=hand_over, pass_fds=(fd,), close_fds=True)
    with open(pidfile + ".tmp", "w") as out:
        out.write(f"{child.pid}\n")
    os.replace(pidfile + ".tmp", pidfile)
    return child


def main():
    args = parse()
    sock = bind(args.listen)
    events = []
    signal.signal(signal.SIGHUP, lambda *_: events.append("restart"))
    signal.signal(signal.SIGTERM, lambda *_: events.append("stop"))
    signal.signal(signal.SIGINT, lambda *_: events.append("stop"))
    child = start(args.command, sock, args.pidfile)
    while True:
        if "stop" in events:
            child.terminate()
            child.wait()
            return 0
        if events and events[0] == "restart":
            events.pop(0)
            child.terminate()
            child.wait()
            child = start(args.command, sock, args.pidfile)
            print(f"launcher {args.listen}: restarted, pid {child.pid}", file=sys.stderr, flush=True)
            continue
        code = child.poll()
        if code is not None:
            # Restart=on-failure, RestartSec=200ms.
            print(f"launcher {args.listen}: child exited ({code}); starting another",
                  file=sys.stderr, flush=True)
            time.sleep(0.2)
            child = start(args.command, sock, args.pidfile)
            continue
        time.sleep(0.02)


if __name__ == "__main__":
    sys.exit(main())
