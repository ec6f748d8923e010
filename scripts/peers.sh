#!/usr/bin/env bash
# peers.sh installs the real peers the tests talk to, idempotently: a peer
# already installed is left as it is. Go tools go into .peers/bin, npm
# packages into .peers/node_modules, the JavaScript/TypeScript corpus into
# .peers/jscorpus/node_modules (a prefix of its own, so that its packages,
# npm among them, never mix with the tools), the C corpus into
# .peers/ccorpus, the Java corpus into .peers/javacorpus, Debian packages
# system-wide.
#
# usage: scripts/peers.sh PEER...   (peers: gopls dlv ast-grep pyright
#        typescript-language-server typescript jscorpus clangd lldb-dap gcc
#        python3 debugpy pandas matplotlib rustsrc rustcrates mcpsdk
#        clang14 sqlite3c gcctorture cppcorpus jdk17 javaparser javacorpus
#        jdtls)
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
# JavaScript/TypeScript oracle (matcher/oracle/testdata/tsoracle/oracle.js) and
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

# mcpsdk_peer installs the official TypeScript MCP SDK, a client that the
# MCP tests drive agenttools mcp with (internal/cli/testdata/mcpclient.cjs).
# It is a library, with no program to look for.
mcpsdk_peer() {
	[ -f "$peers/node_modules/@modelcontextprotocol/sdk/package.json" ] && return
	echo "peers: installing @modelcontextprotocol/sdk"
	npm install --prefix "$peers" --no-audit --no-fund --silent @modelcontextprotocol/sdk@1
}

# sqlite3c_peer installs better-sqlite3, for the SQLite amalgamation it
# ships (deps/sqlite3/sqlite3.c, 9.5 MB of C, with sqlite3.h), into
# .peers/ccorpus/node_modules: a prefix of its own, as jscorpus has.
# --ignore-scripts: its install script would build the addon, and the C
# corpus test (grammars/c) only reads the source. About 5 s.
sqlite3c_peer() {
	[ -f "$peers/ccorpus/node_modules/better-sqlite3/deps/sqlite3/sqlite3.c" ] && return
	echo "peers: installing better-sqlite3 (sqlite3.c) into $peers/ccorpus"
	mkdir -p "$peers/ccorpus"
	npm install --prefix "$peers/ccorpus" --no-audit --no-fund --silent --ignore-scripts better-sqlite3@12
}

apt_updated=
apt_install() { # apt-get-option... package...
	[ -n "$apt_updated" ] || { apt-get update -qq; apt_updated=1; }
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

apt_peer() { # binary package
	have "$1" && return
	echo "peers: installing $2"
	apt_install "$2"
}

py_module_peer() { # module package
	/usr/bin/python3 -c "import $1" 2>/dev/null && return
	echo "peers: installing $2"
	apt_install "$2"
}

# rustsrc_peer installs Debian's rust-src: the Rust standard library's
# sources (and the rest of rustc's tree) under /usr/src/rustc-VERSION, whose
# library/ is half of the corpus grammars/rust's parse-rate test reads.
rustsrc_peer() {
	compgen -G '/usr/src/rustc-*/library/core/src/lib.rs' >/dev/null && return
	echo "peers: installing rust-src"
	apt_install --no-install-recommends rust-src
}

# rust_crates are the crates, by their Debian names (librust-NAME-dev), whose
# sources are the other half of that corpus: well-known crates and, as
# dependencies, about 140 more, all under /usr/share/cargo/registry/
# CRATE-VERSION (about 500 crates, 11,000 .rs files, 200 MB). None of them
# pulls in a C toolchain or a library: crates whose packages bring clang
# (openssl, native-tls, bindgen, libsqlite3-sys, onig, syntect, ...) or
# cmake (criterion, plotters, font-kit, zstd, zip) are left out.
rust_crates="
	adler ahash aho-corasick ansi-term anyhow approx arc-swap arrayvec
	async-channel async-io async-lock async-std async-stream async-task
	async-trait atty autocfg backtrace base64 bincode bit-set bit-vec
	bitflags blake3 block-buffer bstr bumpalo bytemuck byteorder bytes
	bzip2 camino cargo-metadata cargo-platform cassowary cast cc cfg-if
	chrono clap clap-derive clap-lex colored combine concurrent-queue
	console const-random constant-time-eq cookie core-foundation
	cpufeatures crc crc32fast crossbeam crossbeam-channel crossbeam-deque
	crossbeam-epoch crossbeam-queue crossbeam-utils crossterm crypto-common
	csv csv-core ctor darling darling-core darling-macro dashmap
	data-encoding derivative derive-more diff difflib digest directories
	dirs dirs-sys dissimilar either ena encoding-rs enum-as-inner
	env-logger erased-serde errno event-listener eyre fallible-iterator
	fancy-regex fastrand fern filetime fixedbitset flate2 flume fnv
	foreign-types form-urlencoded fs-extra futures futures-channel
	futures-core futures-executor futures-io futures-lite futures-macro
	futures-sink futures-task futures-util fxhash generic-array getopts
	getrandom gif gimli glob globset goblin h2 half hashbrown hashlink heck
	hex hex-literal hmac home http http-body httparse httpdate humantime
	hyper hyphenation iana-time-zone ident-case idna ignore image indexmap
	indicatif indoc inotify insta instant io-lifetimes ipnet itertools itoa
	jobserver jpeg-decoder js-sys kstring lalrpop lalrpop-util lazy-static
	lazycell libc libloading libm libz-sys linked-hash-map linux-raw-sys
	lock-api log lru lzma-sys lzw matchers matches md-5 memchr memmap2
	memoffset mime minimal-lexical miniz-oxide mio nix nom nu-ansi-term num
	num-bigint num-complex num-cpus num-derive num-format num-integer
	num-iter num-rational num-traits object once-cell oorandom opaque-debug
	ordered-float os-str-bytes owning-ref parking parking-lot
	parking-lot-core paste pem percent-encoding pest pest-derive
	pest-generator pest-meta petgraph phf phf-codegen phf-generator
	phf-macros phf-shared pin-project pin-project-internal pin-project-lite
	pin-utils pkg-config png polling portable-atomic postgres-protocol
	ppv-lite86 predicates pretty-assertions proc-macro-crate
	proc-macro-error proc-macro-hack proc-macro2 proptest pulldown-cmark
	quick-error quick-xml quickcheck quote radium rand rand-chacha
	rand-core rand-pcg rand-xorshift rayon rayon-core redox-syscall regex
	regex-automata regex-syntax remove-dir-all ring ron rustc-demangle
	rustc-hash rustc-version rustix rustls rustversion rustyline ryu
	same-file scoped-tls scopeguard sct semver serde serde-bytes
	serde-derive serde-json serde-urlencoded serde-yaml sha1 sha2 sha3
	shell-words shlex signal-hook similar siphasher sized-chunks slab
	smallvec smawk smol socket2 spin stable-deref-trait static-assertions
	strsim structopt strum strum-macros subtle syn synstructure tap tar
	tempfile tera term termcolor terminal-size termion textwrap thiserror
	thiserror-impl thread-local tiff time time-macros tinytemplate tinyvec
	tinyvec-macros tokio tokio-macros tokio-postgres tokio-rustls
	tokio-stream tokio-util toml toml-edit tower tower-service tracing
	tracing-attributes tracing-core tracing-subscriber try-lock tui typenum
	ucd-trie unicase unicode-bidi unicode-ident unicode-linebreak
	unicode-normalization unicode-segmentation unicode-width unicode-xid
	unindent untrusted url utf8-ranges utf8parse uuid vcpkg version-check
	void walkdir want wasm-bindgen wasm-bindgen-backend wasm-bindgen-macro
	wasm-bindgen-shared webpki weezl which xattr xml-rs yaml-rust yansi
	zerocopy zerocopy-derive zeroize
"

# rustcrates_peer installs the packages of rust_crates, in one apt-get
# (about a minute), unless every one of them is installed.
rustcrates_peer() {
	local pkgs=() c
	for c in $rust_crates; do pkgs+=("librust-$c-dev"); done
	[ "$(dpkg-query -W -f='${db:Status-Status}\n' "${pkgs[@]}" 2>/dev/null | grep -cx installed)" = ${#pkgs[@]} ] && return
	echo "peers: installing ${#pkgs[@]} Rust crates into /usr/share/cargo/registry"
	apt_install --no-install-recommends "${pkgs[@]}"
}

# gcctorture_peer extracts GCC's C torture tests (gcc/testsuite/
# gcc.c-torture/compile and execute, about 3,700 .c files, 16 MB) into
# .peers/ccorpus/gcc-torture, from the GCC tarball that Debian's
# gcc-12-source puts in /usr/src/gcc-12 (an 80 MB download, about 15 s;
# the extraction reads the whole tarball, about 8 s). It extracts into a
# temporary folder and renames it, so a stopped run leaves nothing half
# done.
gcctorture_peer() {
	local d="$peers/ccorpus/gcc-torture" tarball
	[ -d "$d/compile" ] && [ -d "$d/execute" ] && return
	compgen -G '/usr/src/gcc-12/gcc-12*.tar.xz' >/dev/null || {
		echo "peers: installing gcc-12-source"
		apt_install --no-install-recommends gcc-12-source
	}
	tarball=$(compgen -G '/usr/src/gcc-12/gcc-12*.tar.xz' | head -n1)
	echo "peers: extracting the C torture tests of $tarball into $d"
	rm -rf "$d.tmp" && mkdir -p "$d.tmp"
	tar -xJf "$tarball" -C "$d.tmp" --strip-components=4 --wildcards \
		'*/gcc/testsuite/gcc.c-torture/compile/*' '*/gcc/testsuite/gcc.c-torture/execute/*'
	rm -rf "$d" && mv "$d.tmp" "$d"
}

# cppcorpus_pkgs are the Debian packages whose files are the C++ corpus
# that internal/clangxx lists and clang++-14 (peer clang14) judges, read
# where Debian puts them: libstdc++'s headers (/usr/include/c++/12),
# Boost's (/usr/include/boost), LLVM 14's (/usr/lib/llvm-14/include),
# fmt's, nlohmann/json's, and GoogleTest's and GoogleMock's sources
# (/usr/src/googletest).
cppcorpus_pkgs="libstdc++-12-dev libboost1.74-dev llvm-14-dev libfmt-dev nlohmann-json3-dev googletest"

# cppcorpus_peer installs the packages of cppcorpus_pkgs, in one apt-get,
# unless every one of them is installed. Nothing is copied or extracted.
cppcorpus_peer() {
	local pkgs=($cppcorpus_pkgs)
	[ "$(dpkg-query -W -f='${db:Status-Status}\n' "${pkgs[@]}" 2>/dev/null | grep -cx installed)" = ${#pkgs[@]} ] && return
	echo "peers: installing the C++ corpus ($cppcorpus_pkgs)"
	apt_install --no-install-recommends "${pkgs[@]}"
}

# jdk17_peer installs Debian's OpenJDK 17: javac, whose parser judges the
# Java corpus and whose syntax tree the Java oracle reads
# (matcher/oracle/testdata/javaoracle/JavacTree.java, run by
# internal/javac), and openjdk-17-source, the JDK's own sources (its
# src.zip, about 50 MB), which the corpus is taken from. The src.zip the
# JDK links to is a dangling link until that package is in: the real file
# is what counts.
jdk17_peer() {
	[ -x /usr/lib/jvm/java-17-openjdk-amd64/bin/javac ] || compgen -G '/usr/lib/jvm/java-17-openjdk-*/bin/javac' >/dev/null || {
		echo "peers: installing openjdk-17-jdk-headless"
		apt_install --no-install-recommends openjdk-17-jdk-headless
	}
	[ -f "$jdk17_src" ] && return
	echo "peers: installing openjdk-17-source"
	apt_install --no-install-recommends openjdk-17-source
}
jdk17_src=/usr/lib/jvm/openjdk-17/lib/src.zip

# javaparser_peer installs java-parser, the parser of prettier-plugin-java,
# which reads Java past 17: it judges the files of the Java 21 part of the
# corpus that javac 17 cannot read
# (matcher/oracle/testdata/javaoracle/javaparser.js). A library, with no
# program to look for.
javaparser_peer() {
	grep -qs '"version": *"3\.' "$peers/node_modules/java-parser/package.json" && return
	echo "peers: installing java-parser@3"
	npm install --prefix "$peers" --no-audit --no-fund --silent java-parser@3
}

# java17_modules are the modules of the JDK 17 sources in the Java corpus:
# the core library, the compiler and its API, and the HTTP client, about
# 3,800 files and 59 MB, which javac judges in about a minute on two
# cores the first time (the verdicts are kept) and the grammar parses in
# seconds. The desktop, XML and locale-data modules would triple that and
# add little that is new.
java17_modules="java.base java.compiler jdk.compiler java.net.http"

# java21_zip is the JDK 25's own sources that Temurin's JDK puts on most
# machines of this kind: no registry reachable here has Java newer than
# 17 (Debian's bookworm stops at OpenJDK 17, and no npm package ships
# Java sources with switch or record patterns), so the Java 21 part of
# the corpus is taken from them when they are here, and left out, as the
# tests say, when they are not.
java21_zip=/usr/lib/jvm/temurin-25-jdk-amd64/lib/src.zip
java21_modules="java.base java.compiler jdk.compiler java.net.http jdk.jshell jdk.jfr jdk.jlink jdk.jpackage jdk.httpserver jdk.jdeps jdk.javadoc jdk.incubator.vector jdk.internal.vm.ci"

# java21_features are the constructs the Java 21 part is chosen for, one
# extended regular expression each, the rarest first: type patterns in a
# switch's cases, record patterns, guards, text blocks, yield, sealed
# types, records and var. java21_per is how many files each may bring
# that an earlier one did not, taken in an order shuffled by the zip's own
# bytes, so that they come from every module and the same ones each time.
java21_features=(
	'case [A-Z][A-Za-z0-9_.<>]* [a-z][A-Za-z0-9_]* *(->|:|when)'
	'(case|instanceof) [A-Z][A-Za-z0-9_.<>]*\('
	'case .* when '
	'"""'
	'\byield\b'
	'\b(sealed|permits)\b'
	'\brecord [A-Z]'
	'\bvar [a-z]'
)
java21_per=70

# javacorpus_peer extracts the Java corpus into .peers/javacorpus: jdk17/
# holds the java17_modules of the JDK 17 sources (peer jdk17), java21/ a
# few hundred files of the JDK 25 sources chosen for java21_features,
# those that use an unnamed variable (_, Java 22) left out. Each part is
# extracted into a temporary folder and renamed, so that a stopped run
# leaves nothing half done. About 5 s.
javacorpus_peer() {
	local d="$peers/javacorpus" m f re n all
	have unzip || apt_peer unzip unzip
	if [ ! -d "$d/jdk17/java.base" ]; then
		[ -f "$jdk17_src" ] || jdk17_peer
		echo "peers: extracting $java17_modules from $jdk17_src into $d/jdk17"
		rm -rf "$d/jdk17.tmp" && mkdir -p "$d/jdk17.tmp"
		for m in $java17_modules; do
			unzip -q "$jdk17_src" "$m/*.java" -d "$d/jdk17.tmp"
		done
		rm -rf "$d/jdk17" && mv "$d/jdk17.tmp" "$d/jdk17"
	fi
	[ -d "$d/java21/java.base" ] && return
	if [ ! -f "$java21_zip" ]; then
		echo "peers: no $java21_zip here: the Java corpus has no Java 21 part"
		return
	fi
	echo "peers: choosing the Java 21 part of the corpus from $java21_zip into $d/java21"
	rm -rf "$d/java21.tmp" "$d/java21.all" && mkdir -p "$d/java21.tmp" "$d/java21.all"
	for m in $java21_modules; do
		unzip -q "$java21_zip" "$m/*.java" -d "$d/java21.all"
	done
	all=$(cd "$d/java21.all" && find . -name '*.java' | sort | xargs grep -LE '(\(|\s)_(\s|,|\))' || true)
	declare -A chosen=()
	for re in "${java21_features[@]}"; do
		n=0
		for f in $(cd "$d/java21.all" && printf '%s\n' $all | xargs grep -lE "$re" | sort -R --random-source="$java21_zip" || true); do
			[ -n "${chosen[$f]:-}" ] && continue
			chosen[$f]=1
			n=$((n + 1))
			[ $n -ge $java21_per ] && break
		done
	done
	(cd "$d/java21.all" && printf '%s\n' "${!chosen[@]}" | sort | xargs cp --parents -t "$d/java21.tmp")
	rm -rf "$d/java21.all" "$d/java21" && mv "$d/java21.tmp" "$d/java21"
}

# jdtls_peer installs Eclipse JDT LS 1.20, the last release that runs on
# Java 17, from the npm package coc-java@1.15.2, which bundles its jars
# (later ones need Java 21, and Debian has no jdtls), and links its
# launcher, a Python script, into .peers/bin. It needs java 17 (the peer
# jdk17) and python3 on PATH.
jdtls_peer() {
	have jdtls && return
	echo "peers: installing jdtls (coc-java@1.15.2)"
	npm install --prefix "$peers" --no-audit --no-fund --silent --ignore-scripts coc-java@1.15.2
	ln -sf ../node_modules/coc-java/server/bin/jdtls "$peers/bin/jdtls"
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
	rustsrc) rustsrc_peer ;;
	rustcrates) rustcrates_peer ;;
	mcpsdk) mcpsdk_peer ;;
	clang14) have clang-14 || { echo "peers: installing clang-14"; apt_install --no-install-recommends clang-14; } ;;
	sqlite3c) sqlite3c_peer ;;
	gcctorture) gcctorture_peer ;;
	cppcorpus) cppcorpus_peer ;;
	jdtls) jdtls_peer ;;
	jdk17) jdk17_peer ;;
	javaparser) javaparser_peer ;;
	javacorpus) javacorpus_peer ;;
	*) echo "peers: unknown peer $p" >&2; exit 2 ;;
	esac
done
