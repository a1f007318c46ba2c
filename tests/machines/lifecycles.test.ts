import { describeLifecycles } from '../support/lifecycle-suite';
import { MODELS } from '../support/lifecycles';

describeLifecycles(MODELS);
