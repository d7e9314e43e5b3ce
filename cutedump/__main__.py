from cutedump.cli import main

main()
