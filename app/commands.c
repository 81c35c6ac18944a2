#include "commands.h"

#include <stdarg.h>
#include <string.h>

#include "cli.h"

// Prints the synopsis, each form after `first` (the first form) or `other`
// (the others) and the command's name, a continuation line under its form's
// first option (its first argument when it has none in brackets).
static void print_synopsis(const bs_command* command, FILE* stream, const char* first, const char* other) {
	const char* line = command->synopsis;
	int indent = 0;
	for (int index = 0; *line; ++index) {
		int length = (int)strcspn(line, "\n");
		if (line[0] == ' ') {
			int spaces = (int)strspn(line, " ");
			fprintf(stream, "%*s%.*s\n", indent, "", length - spaces, line + spaces);
		} else {
			const char* lead = index == 0 ? first : other;
			int options = (int)strcspn(line, "[\n"); // where the form's options start
			indent = (int)(strlen(lead) + strlen(command->name) + 1) + (line[options] == '[' ? options : 0);
			fprintf(stream, "%s%s %.*s\n", lead, command->name, length, line);
		}
		line += length + (line[length] == '\n');
	}
}

void bs_command_print_wrapped(const char* text, int indent, FILE* stream) {
	int room = BS_COMMAND_TEXT_WIDTH - indent;
	while (*text) {
		int length = (int)strcspn(text, "\n");
		int cut = length;
		if (length > room) {
			cut = room;
			while (cut > 0 && text[cut] != ' ') {
				--cut;
			}
			if (cut == 0) {
				cut = (int)strcspn(text, " \n");
			}
		}
		fprintf(stream, "%*s%.*s\n", cut > 0 ? indent : 0, "", cut, text);
		text += cut;
		text += text[0] == ' ' ? strspn(text, " ") : text[0] == '\n';
	}
}

void bs_command_print_usage(const bs_command* command, FILE* stream) {
	print_synopsis(command, stream, "usage: breakshot ", "       breakshot ");
}

void bs_command_print_help(const bs_command* command, FILE* stream) {
	bs_command_print_usage(command, stream);
	fputc('\n', stream);
	bs_command_print_wrapped(command->summary, 0, stream);
	if (command->details) {
		fputc('\n', stream);
		bs_command_print_wrapped(command->details, 0, stream);
	}
}

void bs_command_print_entry(const bs_command* command, FILE* stream) {
	print_synopsis(command, stream, "  ", "  ");
	bs_command_print_wrapped(command->summary, 8, stream);
}

bool bs_command_is_help(const char* arg) {
	return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

int bs_command_fail(const bs_command* command, const char* fmt, ...) {
	va_list args;
	va_start(args, fmt);
	bs_cli_vprint_error(fmt, args);
	va_end(args);
	bs_command_print_usage(command, stderr);
	return BS_EXIT_USAGE;
}
