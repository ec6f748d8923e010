module example.com/debugme

go 1.22
