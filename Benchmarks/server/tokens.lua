-- The bearer tokens a write script takes turns with: the lines of BENCH_TOKENS_FILE when set
-- (many trainees, one line each), else BENCH_TOKEN alone.
function bench_tokens()
  local tokens = {}
  local file = os.getenv("BENCH_TOKENS_FILE")
  if file and file ~= "" then
    for line in io.lines(file) do
      if line ~= "" then tokens[#tokens + 1] = line end
    end
  end
  if #tokens == 0 then tokens[1] = os.getenv("BENCH_TOKEN") end
  return tokens
end
