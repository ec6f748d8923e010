module github.com/agenttools/agenttools

go 1.26.0

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/aymanbagabas/go-udiff v0.4.2
	github.com/google/go-cmp v0.7.0
	github.com/google/jsonschema-go v0.4.3
	github.com/sabhiram/go-gitignore v0.0.0-20210923224102-525f6e181f06
	github.com/sourcegraph/jsonrpc2 v0.2.3
	golang.org/x/term v0.48.0
)

require golang.org/x/sys v0.50.0 // indirect
