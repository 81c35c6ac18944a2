# breakshot: the shell tests' harness, the counterpart of check.h. A test
# script sources it, groups its checks between `begin NAME` and `end` (which
# prints "ok   NAME" or "FAIL NAME"), and ends by printing
# "$passed passed, $failed failed".

passed=0
failed=0
current=""
current_failures=0

begin() { # begin NAME
	current=$1
	current_failures=0
}

check() { # check DESCRIPTION COMMAND...: the command must succeed
	description=$1
	shift
	if ! "$@"; then
		echo "  $current: $description" >&2
		current_failures=$((current_failures + 1))
	fi
}

end() {
	if [ "$current_failures" -eq 0 ]; then
		passed=$((passed + 1))
		echo "ok   $current"
	else
		failed=$((failed + 1))
		echo "FAIL $current"
	fi
}

# status_is EXPECTED COMMAND...: the command exits with EXPECTED; its
# outputs are left in $WORK/out and $WORK/err.
status_is() {
	expected=$1
	shift
	"$@" >"$WORK/out" 2>"$WORK/err"
	actual=$?
	if [ "$actual" -ne "$expected" ]; then
		echo "  exit status $actual, expected $expected: $*" >&2
		cat "$WORK/err" >&2
		return 1
	fi
}

contains() { # contains FILE TEXT
	grep -F -q -- "$2" "$1"
}

# fails_with STATUS MESSAGE COMMAND...: the command, run in $WORK, exits with
# STATUS and prints exactly one line on standard error, which contains
# MESSAGE. Its outputs are left in $WORK/stdout.txt and $WORK/stderr.txt.
fails_with() {
	expected=$1
	message=$2
	shift 2
	(cd "$WORK" && "$@") >"$WORK/stdout.txt" 2>"$WORK/stderr.txt"
	actual=$?
	ok=0
	if [ "$actual" -ne "$expected" ]; then
		echo "  exit status $actual, expected $expected: $*" >&2
		ok=1
	fi
	lines=$(wc -l <"$WORK/stderr.txt")
	if [ "$lines" -ne 1 ]; then
		echo "  $lines lines on standard error, expected 1: $*" >&2
		ok=1
	fi
	if ! contains "$WORK/stderr.txt" "$message"; then
		echo "  standard error does not say: $message" >&2
		ok=1
	fi
	if [ "$ok" -ne 0 ]; then
		sed 's/^/    stderr: /' "$WORK/stderr.txt" >&2
	fi
	return "$ok"
}

# holds_only DIR "NAME ...": DIR holds those names (sorted) and nothing else.
holds_only() {
	actual=$(ls -A "$1" | sort | tr '\n' ' ')
	if [ "$actual" != "${2:+$2 }" ]; then
		echo "  $1 holds: '$actual'; expected: '$2'" >&2
		return 1
	fi
}
