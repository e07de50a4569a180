# burst_prog.sh K GAP ROUNDS: the burst_probe round (workloads/cuda/import/chase.cu) as an smsim program
K=$1; G=$2; R=$3
echo ".regs 32"
echo "LOOP $R"
echo "  BAR"
k=0; while [ $k -lt $K ]; do echo "  LDG R$k, [R40] pattern=stream footprint=1G"; k=$((k+1)); done
k=0; while [ $k -lt $K ]; do echo "  FADD R30, R30, R$k"; k=$((k+1)); done
echo "  BAR"
if [ $G -gt 0 ]; then
echo "  IF warp<1"
n=$((G/4)); i=0; while [ $i -lt $n ]; do echo "    FFMA R31, R31, R32, R33"; i=$((i+1)); done
echo "  ENDIF"
fi
echo "ENDLOOP"
echo "EXIT"
