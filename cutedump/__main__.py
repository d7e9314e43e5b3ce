from cutedump.cli import main

main(prog_name="cutedump")
