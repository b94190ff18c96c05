module encbench.local/worker

go 1.21
