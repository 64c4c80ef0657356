require "set"
# Minimal stand-in for the require_all gem: require every .rb under a directory, retrying files
# that fail with NameError until no progress is made.
def require_rel(*paths)
  base = File.dirname(caller_locations(1, 1)[0].absolute_path)
  files = paths.flatten.flat_map do |p|
    full = File.expand_path(p, base)
    File.directory?(full) ? Dir.glob(File.join(full, '**', '*.rb')).sort : [full.end_with?('.rb') ? full : "#{full}.rb"]
  end
  pending = files
  loop do
    failed = []
    errors = []
    pending.each do |f|
      begin
        require f
      rescue NameError => e
        failed << f
        errors << e; warn "#{File.basename(File.dirname(f))}/#{File.basename(f)}: #{e.message[0,150]}" if ENV["SHIMDEBUG"]
      end
    end
    break if failed.empty?
    raise errors.first if failed.size == pending.size
    pending = failed
  end
end
