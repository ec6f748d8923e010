module calls

go 1.22
