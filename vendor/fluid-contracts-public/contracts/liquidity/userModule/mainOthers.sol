// SPDX-License-Identifier: BUSL-1.1
pragma solidity >=0.8.21 <=0.8.29;

import { FluidLiquidityUserModule } from "./main.sol";
import { CommonHelpersOthers } from "../common/helpersOthers.sol";

contract FluidLiquidityUserModuleOthers is FluidLiquidityUserModule, CommonHelpersOthers {}
