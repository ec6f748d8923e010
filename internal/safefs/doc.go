// Package safefs confines file access to a working directory and writes
// sets of files atomically: every file of a set is written, or none is,
// whatever instant the process dies.
//
// Tools that change files (write, edit, apply_patch, resolve,
// lsp_rename) go through a Root, so a path that leaves the working
// directory — by "..", by an absolute path, or through a symbolic link —
// is refused before any byte is read or written.
//
// # How a set is written
//
// Root.WriteAll writes a set in four steps, much as git updates a ref
// through a lock file renamed over it:
//
//  1. It creates a journal, ROOT/.agenttools-journal-ID, locks it, and
//     records in it the files of the set (each one's path relative to
//     ROOT, and the SHA-256 of the content it replaces and of the one it
//     writes) and the folders it will create. The journal and ROOT are
//     synced.
//  2. Beside each file it writes the new content to .NAME.agenttools-ID.new,
//     with the file's mode, and keeps the old content as
//     .NAME.agenttools-ID.old (a hard link, or a copy where the file
//     system has none). All are synced. No file of the set has changed.
//  3. It appends a commit record to the journal, with the hash of what it
//     records, and syncs it. This is the commit point.
//  4. It renames each .new file over its file, removes the files the set
//     deletes, syncs the folders, removes the .old files and then the
//     journal.
//
// If a rename fails after the commit point (a file held open on Windows,
// say), WriteAll appends an abort record and puts the files already
// written back from their .old copies.
//
// # What a reader sees
//
// Each file holds its old content or its new content at every instant,
// never a mix: a file of the set only ever changes by a rename. Between
// the commit point and the last rename (milliseconds, for thousands of
// files) the set is part old and part new, and the journal says so. Only
// a process that dies can leave it so, and then the journal stays; the
// next start puts it right before any tool reads the tree.
//
// # What the next start does
//
// Root.Recover, which package tools calls whenever a command starts over
// a working directory, takes every journal in ROOT that no live process
// holds locked (the lock goes when its process dies, however it dies),
// and
//
//   - without a whole commit record, removes the .new and .old files and
//     the folders the write created, and the journal: the set is old, as
//     it was;
//   - with one, finishes the renames and removals, and the clean-up: the
//     set is new;
//   - with one, but where a file holds neither its old nor its new content
//     (someone changed it since), or its new content is lost, or after an
//     abort record, puts every file it wrote back from its .old copy
//     instead: the set is old, and the files someone else changed are
//     left as they are.
//
// Recover compares hashes before it moves a file, so it never overwrites
// content it did not write itself, and it says what it did in a
// Recovery.
//
// The journal lives in ROOT itself, not in a per-user folder: any
// process over that tree, whoever runs it and whatever its home, finds
// it, it is on the file system of the tree's top, and it goes with the
// tree. It is hidden and has no language's extension, as the sidecars
// have none, so searches never read them. A write is journaled in the
// root it was made through only: a process whose root is a folder
// inside that one does not see the journal.
package safefs
