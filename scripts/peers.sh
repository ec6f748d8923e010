#!/usr/bin/env bash
# peers.sh installs the real peers the tests talk to, idempotently: a peer
# already installed is left as it is. Go tools go into .peers/bin, npm
# packages into .peers/node_modules, the JavaScript/TypeScript corpus into
# .peers/jscorpus/node_modules (a prefix of its own, so that its packages,
# npm among them, never mix with the tools), Debian packages system-wide.
#
# usage: scripts/peers.sh PEER...   (peers: gopls dlv ast-grep pyright
#        typescript-language-server typescript jscorpus clangd lldb-dap gcc
#        python3 debugpy pandas matplotlib)
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
peers="$top/.peers"
mkdir -p "$peers/bin"
export GOBIN="$peers/bin"
export PATH="$peers/bin:$peers/node_modules/.bin:$PATH"

have() { command -v "$1" >/dev/null 2>&1; }

go_peer() { # binary module@version
	have "$1" || { echo "peers: installing $1"; go install "$2"; }
}

npm_peer() { # binary package...
	have "$1" || { echo "peers: installing $1"; npm install --prefix "$peers" --no-audit --no-fund --silent "${@:2}"; }
}

# typescript_peer installs typescript@6, whose compiler API the
# JavaScript/TypeScript oracle (matcher/testdata/tsoracle/oracle.js) and
# toolsbench parse use, unless .peers/node_modules has a 6.x already; a tsc
# elsewhere on PATH does not count. typescript@latest is 7, the native
# port, which has no JS API.
typescript_peer() {
	grep -qs '"version": *"6\.' "$peers/node_modules/typescript/package.json" && return
	echo "peers: installing typescript@6"
	npm install --prefix "$peers" --no-audit --no-fund --silent typescript@6
}

# jscorpus_peer installs the real JavaScript/TypeScript code the oracle test
# searches, with the sources each package ships: rxjs (src/**/*.ts), effect
# (src/**/*.ts), tldraw (src/**/*.tsx and .ts; @tldraw/editor and the other
# @tldraw packages it pulls in ship theirs too), npm (lib/**/*.js) and
# typescript 6 (its lib/*.d.ts), named outright: it is no dependency of
# the others that npm always brings.
jscorpus_peer() {
	local m="$peers/jscorpus/node_modules"
	[ -f "$m/rxjs/package.json" ] && [ -f "$m/effect/package.json" ] &&
		[ -f "$m/tldraw/package.json" ] && [ -f "$m/npm/package.json" ] &&
		grep -qs '"version": *"6\.' "$m/typescript/package.json" && return
	echo "peers: installing the JavaScript/TypeScript corpus into $peers/jscorpus"
	mkdir -p "$peers/jscorpus"
	npm install --prefix "$peers/jscorpus" --no-audit --no-fund --silent --ignore-scripts rxjs@7 effect@3 tldraw@5 npm@11 typescript@6
}

apt_updated=
apt_peer() { # binary package
	have "$1" && return
	echo "peers: installing $2"
	[ -n "$apt_updated" ] || { apt-get update -qq; apt_updated=1; }
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
}

py_module_peer() { # module package
	/usr/bin/python3 -c "import $1" 2>/dev/null && return
	echo "peers: installing $2"
	[ -n "$apt_updated" ] || { apt-get update -qq; apt_updated=1; }
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
}

for p in "$@"; do
	case "$p" in
	gopls) go_peer gopls golang.org/x/tools/gopls@v0.23.0 ;;
	dlv) go_peer dlv github.com/go-delve/delve/cmd/dlv@v1.27.2 ;;
	ast-grep) npm_peer ast-grep @ast-grep/cli ;;
	pyright) npm_peer pyright pyright ;;
	typescript-language-server) npm_peer typescript-language-server typescript@6 typescript-language-server ;;
	typescript) typescript_peer ;;
	jscorpus) jscorpus_peer ;;
	clangd) apt_peer clangd clangd ;;
	lldb-dap) apt_peer lldb-dap-19 lldb-19 ;;
	gcc) apt_peer gcc gcc ;;
	python3) apt_peer python3 python3 ;;
	debugpy) py_module_peer debugpy python3-debugpy ;;
	pandas) py_module_peer pandas python3-pandas ;;
	matplotlib) py_module_peer matplotlib python3-matplotlib ;;
	*) echo "peers: unknown peer $p" >&2; exit 2 ;;
	esac
done
