# Development tool: replay an 18xx.games game log (public/fixtures/<title>/<id>.json of the
# tobymao/18xx snapshot) with the engine and print, as JSON, the map just before one
# run_routes action (the last one of the log, the one given, or with `best` the richest of
# the last 24): tiles laid, station tokens
# (hex, city, slot, owner), phase, the running entity's trains and the routes it ran.
#   cd <18xx snapshot> && ENGINE_LOG_LEVEL=4 ruby -I<this folder>/../engine_check/rubyshim -Ilib \
#       <this folder>/dump_position.rb LOG.json [ACTION_ID] > position.json
require 'json'
require 'engine'

log = JSON.parse(File.read(ARGV[0]))
live_ids = Engine::Game::Base.filtered_actions(log['actions']).first.compact.map { |a| a['id'] }
runs = log['actions'].select { |a| a['type'] == 'run_routes' && live_ids.include?(a['id']) }
run = case ARGV[1]
      when nil then runs.last
      when 'best' then runs.last(24).max_by { |a| a['routes'].sum { |r| r['revenue'].to_i } }
      else runs.find { |a| a['id'] == ARGV[1].to_i }
      end
abort "#{ARGV[0]}: no run_routes action #{ARGV[1]}" unless run

game = Engine::Game.load(log, at_action: run['id'] - 1)
abort "#{ARGV[0]}: #{game.exception.message}" if game.exception

tiles = game.hexes.reject { |h| h.tile.preprinted }.map do |h|
  { 'hex' => h.id, 'tile' => h.tile.name, 'rotation' => h.tile.rotation }
end
tokens = []
game.hexes.each do |h|
  h.tile.cities.each_with_index do |city, ci|
    city.tokens.each_with_index do |tok, slot|
      tokens << { 'hex' => h.id, 'city' => ci, 'slot' => slot, 'company' => tok.corporation.name } if tok
    end
    city.extra_tokens.each do |tok|
      tokens << { 'hex' => h.id, 'city' => ci, 'slot' => 'extra', 'company' => tok.corporation.name }
    end
  end
end
entity = game.corporation_by_id(run['entity']) || game.minor_by_id(run['entity'])
routes = run['routes']
if routes.any? { |r| !r.key?('revenue') }
  # an older log records no revenue: the engine's own, from the run replayed
  # the history takes the run at the company's dividend, the next action of it that pays
  pay = log['actions'].find do |a|
    a['id'] > run['id'] && a['type'] == 'dividend' && live_ids.include?(a['id'])
  end
  after = Engine::Game.load(log, at_action: pay ? pay['id'] : run['id'])
  ran = after.corporation_by_id(run['entity']) || after.minor_by_id(run['entity'])
  paid = ran.operating_history[ran.operating_history.keys.max].revenue
  routes = routes.map.with_index { |r, i| i.zero? ? r.merge('run_revenue' => paid) : r }
end
puts JSON.pretty_generate(
  'title' => log['title'], 'log' => log['id'], 'action' => run['id'], 'phase' => game.phase.name,
  'entity' => run['entity'], 'trains' => entity.trains.map(&:name), 'routes' => routes,
  'tiles' => tiles.sort_by { |t| t['hex'] }, 'tokens' => tokens
)
