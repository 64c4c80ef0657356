# Development tool: price one route with the 18xx.games engine, to check a route our finder
# returns (one better than the players ran) is a route the engine accepts and what it pays.
#   cd <18xx snapshot> && ENGINE_LOG_LEVEL=4 ruby -I<this folder>/rubyshim -Ilib \
#       <this folder>/price_route.rb LOG.json ACTION CORPORATION CONNECTIONS.json
# CONNECTIONS.json: the route as the log's run_routes write it, a list of hex lists from one
# stop to the next (["H9", "G10"], ["G10", "G8", "F9", ...], ...); the position is the one
# just before ACTION; the corporation's first train runs it.
require 'json'
require 'engine'

log = JSON.parse(File.read(ARGV[0]))
game = Engine::Game.load(log, at_action: ARGV[1].to_i - 1)
corp = game.corporation_by_id(ARGV[2])
train = corp.trains.first
# 18SJ: what its route step does for a company owning an E train
game.make_sj_tokens_passable_for_electric_trains(corp) if game.respond_to?(:make_sj_tokens_passable_for_electric_trains)
route = Engine::Route.new(game, game.phase, train, connection_hexes: JSON.parse(File.read(ARGV[3])), routes: [])
begin
  puts "#{train.name}: #{route.revenue} #{game.revenue_str(route)}"
rescue StandardError => e
  puts "#{train.name}: refused (#{e.class}: #{e.message})"
end
