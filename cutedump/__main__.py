from cutedump.entry import main

main()
