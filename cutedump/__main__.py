from cutedump.entry import main

main(prog_name="cutedump", teardown=False)
