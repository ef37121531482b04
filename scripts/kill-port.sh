#!/usr/bin/env bash
# Stops whatever listens on the given TCP port.
pid=$(ss -ltnpH "sport = :$1" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)
[ -n "$pid" ] && kill "$pid" && echo "killed $pid"
