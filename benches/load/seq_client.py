"""Sends one request N times over one keep-alive HTTP/1.1 connection, each after the last
answer has been read whole, and fails on any status but 200. For icount-socket.sh: a client
that is simple, sequential and the same for both servers, so the servers' instruction counts
differ only by what the servers do.

    python3 seq_client.py PORT METHOD PATH BODY_FILE|- N [BEARER_TOKEN]
"""

import socket
import sys


def main():
    port, method, path, body_file, n = sys.argv[1:6]
    token = sys.argv[6] if len(sys.argv) > 6 else None
    body = b""
    if body_file != "-":
        with open(body_file, "rb") as f:
            body = f.read()
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUser-Agent: seq\r\nAccept: */*\r\n"
    if token:
        head += f"Authorization: Bearer {token}\r\n"
    if method == "POST":
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    request = head.encode() + b"\r\n" + body
    stream = socket.create_connection(("127.0.0.1", int(port)))
    stream.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    pending = b""
    for _ in range(int(n)):
        stream.sendall(request)
        while b"\r\n\r\n" not in pending:
            chunk = stream.recv(1 << 16)
            if not chunk:
                sys.exit("connection closed")
            pending += chunk
        head, _, rest = pending.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        status = lines[0].split(b" ")[1]
        length = 0
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        while len(rest) < length:
            chunk = stream.recv(1 << 16)
            if not chunk:
                sys.exit("connection closed")
            rest += chunk
        pending = rest[length:]
        if status != b"200":
            sys.exit(f"{method} {path}: status {status.decode()}")


if __name__ == "__main__":
    main()
